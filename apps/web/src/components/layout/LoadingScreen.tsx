import { BRAND } from '../../content/brand';
import { SHELL_TEXT } from '../../content/shell';

/** Class names of the loading screen; its styles are global (styles/global.css) because index.html uses them too. */
export const LOADING_CLASSES = { screen: 'app-loading', fullPage: 'app-loading--full', mark: 'app-loading__mark' } as const;

/** The "Loading..." state of spec 01 (app start, sign-in callbacks); reusable by any page that waits. */
export function LoadingScreen({ fullPage = false, label = SHELL_TEXT.loading }: { fullPage?: boolean; label?: string }) {
  return (
    <div className={fullPage ? `${LOADING_CLASSES.screen} ${LOADING_CLASSES.fullPage}` : LOADING_CLASSES.screen} role="status">
      <img className={LOADING_CLASSES.mark} src={BRAND.logoMarkSrc} alt="" width="72" height="54" />
      <p>{label}</p>
    </div>
  );
}
