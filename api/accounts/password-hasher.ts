import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3, p=4). */
export const passwordHasher = {
  hash: (password: string) => argon2.hash(password, { type: argon2.argon2id }),
  verify: async (hash: string | null | undefined, password: string) => {
    if (!hash) return false;
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  },
};
