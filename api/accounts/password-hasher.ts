import * as argon2 from 'argon2';

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= argon2.hash('rappel-dummy-password-for-unknown-accounts', { type: argon2.argon2id });
  return dummy;
}

/** argon2id with the library's defaults (64 MiB, t=3, p=4). */
export const passwordHasher = {
  hash: (password: string) => argon2.hash(password, { type: argon2.argon2id }),
  verify: async (hash: string | null | undefined, password: string) => {
    // Unknown account (or no password yet): the same argon2 work, so timing does not tell who exists.
    if (!hash) {
      await argon2.verify(await dummyHash(), password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};
