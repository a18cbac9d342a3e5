import { useParams } from 'react-router';
import { MailboxEmailView, MailboxList } from '../../features/mailbox/components/mailbox-page';

export function Component() {
  const { emailId } = useParams();
  if (emailId === undefined) return <MailboxList />;
  const id = Number(emailId);
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <section className="container page">
        <p>This email does not exist.</p>
      </section>
    );
  }
  return <MailboxEmailView id={id} />;
}
