/**
 * Explains the lotus shading: five shades of one colour, palest "Rarely" to deepest
 * "Very Often". Shown next to the four- and eight-petal charts (spec 01 §2).
 */
import { RESPONSE_LABELS } from '@bloom/contracts/constants';
import { deriveShades, isHexColour, NEUTRAL_COLOUR, shadesForColour, shadesForPetal } from './petalColours';
import './charts.css';

export interface ShadingLegendProps {
  /** A petal name ("Body") for its palette, or a "#rrggbb" colour; a neutral slate by default. */
  colour?: string;
  className?: string;
}

/** Small upright petal used as the swatch. */
const SWATCH_PATH = 'M12 1.5C16.5 6 19.5 11 19.5 15.5a7.5 7.5 0 0 1-15 0C4.5 11 7.5 6 12 1.5z';

export function legendShades(colour?: string) {
  if (!colour) return deriveShades(NEUTRAL_COLOUR);
  return isHexColour(colour) ? shadesForColour(colour) : shadesForPetal(colour);
}

export function ShadingLegend({ colour, className }: ShadingLegendProps) {
  const shades = legendShades(colour);
  return (
    <figure className={['bloom-shading-legend', className].filter(Boolean).join(' ')}>
      <figcaption className="bloom-shading-legend__caption">Darker shades mean more often</figcaption>
      <ul className="bloom-shading-legend__list">
        {RESPONSE_LABELS.map((label, index) => (
          <li key={label} className="bloom-shading-legend__item">
            <svg className="bloom-shading-legend__swatch" width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={SWATCH_PATH} fill={shades[index]} stroke={shades[4]} strokeWidth="1.25" />
            </svg>
            <span>{label}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
