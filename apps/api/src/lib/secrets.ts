import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The key that signs session tokens. JWT_SECRET from the environment wins. Without it (a fresh
 * `npm start`), a random key is made once and kept in DATA_DIR with owner-only permissions, so
 * sessions survive restarts without a secret ever being written into the code.
 */
export function resolveJwtSecret(
  fromEnv: string | undefined,
  dataDir: string,
): { secret: Uint8Array; generated: boolean } {
  if (fromEnv) return { secret: new TextEncoder().encode(fromEnv), generated: false };
  const file = path.join(dataDir, 'jwt-secret');
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new Error(`The key in ${file} is too short; delete the file to make a new one.`);
  return { secret: new TextEncoder().encode(secret), generated: true };
}
