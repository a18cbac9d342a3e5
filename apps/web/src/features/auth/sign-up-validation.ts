import { isBlank, isValidEmail, messages, passwordProblems } from '@caterway/domain';

export type SignUpField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'companyName'
  | 'address1'
  | 'address2'
  | 'password'
  | 'passwordConfirmation';
export type SignUpValues = Record<SignUpField, string>;
export type SignUpErrors = Partial<Record<SignUpField, string>>;

export const emptySignUpValues: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  companyName: '',
  address1: '',
  address2: '',
  password: '',
  passwordConfirmation: '',
};

/** Sign-up rules (ordering-payments §5 'Sign-up'). */
export function validateSignUp(values: SignUpValues): SignUpErrors {
  const errors: SignUpErrors = {};
  for (const field of ['firstName', 'lastName', 'email', 'phone', 'address1', 'password'] as const) {
    if (isBlank(values[field])) errors[field] = messages.required;
  }
  if (!errors.email && !isValidEmail(values.email)) errors.email = messages.invalidEmail;
  if (!errors.password) {
    const problems = passwordProblems(values.password, { email: values.email });
    if (problems.length > 0) errors.password = problems.join('. ');
  }
  if (values.passwordConfirmation !== values.password) errors.passwordConfirmation = messages.passwordsMustMatch;
  return errors;
}

/** Under every new-password field (docs/decisions/029: no composition rules). */
export const PASSWORD_HINT = '8 to 128 characters. Any characters, spaces too: a few words make a strong password.';
