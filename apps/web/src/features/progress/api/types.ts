/** Names for parts of the instrument statistics answer; every shape is the endpoint table's. */
import type { ApiResult } from '../../../lib/api-client';

export type InstrumentStatistics = ApiResult<'getInstrumentStatistics'>;
export type FormName = keyof InstrumentStatistics['forms'];
export type FormStatistics = InstrumentStatistics['forms'][FormName];
export type ScaleStatistics = FormStatistics['scales'][number];
export type ItemStatistics = ScaleStatistics['items'][number];
export type NormGroup = InstrumentStatistics['normGroup'];
export type ScaleName = ScaleStatistics['scale'];
