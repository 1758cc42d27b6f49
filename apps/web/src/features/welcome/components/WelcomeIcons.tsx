import type { ComponentType } from 'react';
import { AwardIcon, ChartIcon, ClockIcon, CompassIcon, FlaskIcon, HeartIcon, ListCheckIcon, LockIcon, ShieldIcon, SproutIcon } from '../../../components/ui/ContentIcons';
import type { WelcomeIcon } from '../../../content/welcome';

function LotusIcon({ size = 20 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M12 19c2.5-2.2 3.5-5 3.5-8S14.4 5.6 12 4C9.6 5.6 8.5 8 8.5 11s1 5.8 3.5 8Z" />
      <path d="M12 19c-3.6.3-6.9-1.2-8.5-4.8 2-.8 4.4-.6 6 .5M12 19c3.6.3 6.9-1.2 8.5-4.8-2-.8-4.4-.6-6 .5" />
    </svg>
  );
}

export const WELCOME_ICONS: Record<WelcomeIcon, ComponentType<{ size?: number }>> = {
  chart: ChartIcon,
  sprout: SproutIcon,
  clock: ClockIcon,
  lotus: LotusIcon,
  compass: CompassIcon,
  flask: FlaskIcon,
  award: AwardIcon,
  shield: ShieldIcon,
  heart: HeartIcon,
  list: ListCheckIcon,
  lock: LockIcon,
};
