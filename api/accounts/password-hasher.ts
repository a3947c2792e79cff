import * as argon2 from 'argon2';

/** The argon2 calls, in one object so a test can count them. */
export const argon = {
  hash: (password: string) => argon2.hash(password, { type: argon2.argon2id }),
  verify: (hash: string, password: string) => argon2.verify(hash, password),
};

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= argon.hash('rappel-dummy-password-for-unknown-accounts');
  return dummy;
}

/** argon2id with the library's defaults (64 MiB, t=3, p=4). */
export const passwordHasher = {
  hash: (password: string) => argon.hash(password),
  verify: async (hash: string | null | undefined, password: string) => {
    // Unknown account (or no password yet): the same argon2 work, so timing does not tell who exists.
    if (!hash) {
      await dummyHash().then((d) => argon.verify(d, password)).catch(() => false);
      return false;
    }
    try {
      return await argon.verify(hash, password);
    } catch {
      return false;
    }
  },
};
