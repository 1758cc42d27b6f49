import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { downloadExport } from '../api';
import { DASHBOARD_TEXT as T } from '../content';
import styles from '../Dashboard.module.css';

type ExportStatus = 'idle' | 'exporting' | 'finished' | 'failed';
const STATUS_TEXT: Record<ExportStatus, string> = { idle: '', exporting: T.exporting, finished: T.exportFinished, failed: T.exportFailed };

/** Spec 02 §2 "Export": "Exporting...", then "Finished." or "Error exporting CSV."; saved as data.csv. */
export function ExportCsvButton() {
  const [status, setStatus] = useState<ExportStatus>('idle');
  async function run() {
    setStatus('exporting');
    try {
      await downloadExport(T.exportFileName);
      setStatus('finished');
    } catch (error) {
      console.error('CSV export failed', error);
      setStatus('failed');
    }
  }
  return (
    <div className={styles.exportControl}>
      <Button variant="secondary" busy={status === 'exporting'} keepFocusWhileBusy onClick={() => void run()}>
        {T.exportCsv}
      </Button>
      <span role="status" className={status === 'failed' ? 'bloom-error' : 'bloom-muted'}>
        {STATUS_TEXT[status]}
      </span>
    </div>
  );
}
