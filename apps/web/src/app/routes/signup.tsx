import { useEffect } from 'react';
import { openModal } from '../../stores/modals';
import { HomePage } from './home';

/** /signup opens the sign-up modal over the home page (ordering-payments §2); ?ref= is sent with the sign-up. */
export function Component() {
  useEffect(() => openModal('signUp'), []);
  return <HomePage />;
}
