import { CLIENT_WELCOME } from '../../content/welcome';
import { WelcomeLayout } from './components/WelcomeLayout';

export default function ClientWelcomePage() {
  return <WelcomeLayout content={CLIENT_WELCOME} />;
}
