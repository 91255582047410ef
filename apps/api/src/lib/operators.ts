/**
 * The operators (trust and safety): the accounts whose address is in ADMIN_EMAILS and confirmed.
 * Confirmed, because anyone may sign up with an address nobody registered yet: a listed address
 * gives the role only to whoever opened the link mailed to it.
 */
export class Operators {
  readonly #emails: ReadonlySet<string>;

  constructor(emails: readonly string[]) {
    this.#emails = new Set(emails.map((email) => email.toLowerCase()));
  }

  isOperator(account: { email: string; email_verified_at: Date | null }): boolean {
    return account.email_verified_at !== null && this.#emails.has(account.email.toLowerCase());
  }
}
