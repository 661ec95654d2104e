import { MoreMenu } from '../../components/menu/MoreMenu';
import type { ReportTarget } from './report-form';
import { useReportItem } from './useReportItem';

/** The '…' menu of a review or a comment someone else wrote: Report. */
export function ReportMenu({ target, label, size }: { target: ReportTarget; label: string; size?: 'small' | 'regular' }) {
  const report = useReportItem(target);
  return (
    <>
      <MoreMenu label={label} items={[report.item]} size={size} />
      {report.dialog}
    </>
  );
}
