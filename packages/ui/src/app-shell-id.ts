/**
 * The element made inert while a modal is open: the whole page except modals and toasts. Its
 * own module, so the layout that renders it does not pull the modal into the first paint.
 */
export const APP_SHELL_ID = 'app-shell';
