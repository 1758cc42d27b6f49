import { RAPID_WELCOME } from '../../content/welcome';
import { WelcomeLayout } from './components/WelcomeLayout';

export default function WelcomePage() {
  return <WelcomeLayout content={RAPID_WELCOME} />;
}
