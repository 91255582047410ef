import { AppError } from '../../lib/errors.ts';

/** A call to the payment provider; its failure is a 502 with a plain message, details in the logs. */
export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'The payment provider could not be reached.', {
      cause: err,
    });
  }
}
