import { PRO_WELCOME } from '../../content/welcome';
import { WelcomeLayout } from './components/WelcomeLayout';

export default function ProWelcomePage() {
  return <WelcomeLayout content={PRO_WELCOME} />;
}
