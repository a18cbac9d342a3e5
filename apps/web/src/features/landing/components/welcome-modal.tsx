import { Button, Modal } from '@caterway/ui';
import './landing.css';

/** Marketing claim of the welcome modal (ordering-payments §9: 'Over 100,000 deliveries', not enforced). */
export const WELCOME_DELIVERIES_CLAIM = 'Over 100,000 deliveries';

/**
 * The welcome modal for signed-in users whose account is not confirmed yet (ordering-payments
 * §2): what preset menus are. The caller shows it once and remembers that in the lightbox flag.
 */
export function WelcomeModal({ firstName, onClose }: { firstName: string; onClose: () => void }) {
  return (
    <Modal title={`Welcome to Caterway, ${firstName}!`} onClose={onClose}>
      <div className="welcome-modal">
        <p>
          <strong>Preset menus</strong> are ready-made catering menus put together with our restaurants: a complete meal
          for your team with a price per person. Pick one, adjust dishes and quantities to your head count, and check
          out.
        </p>
        <ul className="welcome-points">
          <li>Browse presets or search by cuisine type to find a restaurant near your office.</li>
          <li>Every preset can be changed: add, remove or resize any item before you order.</li>
          <li>Confirm your email address to save carts, favourite menus and pay.</li>
        </ul>
        <p className="welcome-claim">{WELCOME_DELIVERIES_CLAIM} to offices across Canada and the US.</p>
        <Button data-autofocus onClick={onClose}>
          Start browsing
        </Button>
      </div>
    </Modal>
  );
}

export default WelcomeModal;
