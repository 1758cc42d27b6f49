import { BRAND } from '../../content/brand';
import { SHELL_TEXT } from '../../content/shell';
import { LOADING_CLASSES, LOADING_MARK_SIZE } from './loading-screen-classes';

/** The "Loading..." state of spec 01 (app start, sign-in callbacks); reusable by any page that waits. */
export function LoadingScreen({ fullPage = false, label = SHELL_TEXT.loading }: { fullPage?: boolean; label?: string }) {
  return (
    <div className={fullPage ? `${LOADING_CLASSES.screen} ${LOADING_CLASSES.fullPage}` : LOADING_CLASSES.screen} role="status">
      <img className={LOADING_CLASSES.mark} src={BRAND.logoMarkSrc} alt="" width={LOADING_MARK_SIZE.width} height={LOADING_MARK_SIZE.height} />
      <p>{label}</p>
    </div>
  );
}
