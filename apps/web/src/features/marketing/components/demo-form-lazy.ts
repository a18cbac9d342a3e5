// The demo-request form as a lazily imported default export (the home page's React.lazy): a
// chunk entry of its own, so the import needs no module-namespace helper in the shared runtime.
export { DemoForm as default } from './demo-form';
