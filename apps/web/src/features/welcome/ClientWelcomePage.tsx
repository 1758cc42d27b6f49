import { CLIENT_WELCOME } from '../../content/welcome';
import { WelcomeLayout } from './WelcomeLayout';

export default function ClientWelcomePage() {
  return <WelcomeLayout content={CLIENT_WELCOME} />;
}
