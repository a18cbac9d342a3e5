// @caterway/ui: the React parts both browser apps use (docs/decisions/040). Components style
// themselves with CSS modules; Button and TextField wear the apps' global .btn and .field classes.
export { APP_SHELL_ID } from './app-shell-id';
export { Button, type ButtonProps } from './button';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { CopyLink } from './copy-link';
export { Countdown } from './countdown';
export { clockOffset, countdownParts, describeCountdown, formatCountdown, msUntil } from './countdown-format';
export { Modal, ModalActions, type ModalProps } from './modal';
export { ErrorList, Loading, LoadError, type LoadFailure } from './states';
export { StatusBadge } from './status-badge';
export { TextField, type TextFieldProps } from './text-field';
export { useDocumentTitle } from './use-document-title';
