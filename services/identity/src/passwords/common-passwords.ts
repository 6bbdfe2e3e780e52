import { dictionary } from '@zxcvbn-ts/language-common';

let commonPasswords: Set<string> | undefined;

/**
 * The ~49,000 most common passwords of the zxcvbn-ts list, built into a set once per process
 * (about 10 ms) and compared case-insensitively: "Password1" is as guessable as "password1".
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common']);
  return commonPasswords.has(password.toLowerCase());
}
