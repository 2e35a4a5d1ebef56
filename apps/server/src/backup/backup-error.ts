/**
 * A backup or restore that cannot go on, with a message for the operator (printed without a
 * stack trace by the CLI). Never carries a password.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}
