import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from '../../../lib/router';
import { LoadingScreen } from '../../../components/layout/LoadingScreen';
import { abandonPurchase } from '../api/purchase';

/**
 * /purchase-failure-callback[?session={ref}] (spec 02 §2): tells the server the checkout was
 * abandoned, then goes to the dashboard. A failed call is only logged (spec 02 §8): there is
 * nothing for the buyer to do about it.
 */
export default function PurchaseFailurePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const session = params.get('session');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    abandonPurchase(session)
      .catch((error: unknown) => console.error('Purchase failure callback failed', error))
      .finally(() => void navigate('/Dashboard', { replace: true }));
  }, [session, navigate]);

  return <LoadingScreen />;
}
