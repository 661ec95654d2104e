import { lazy, Suspense } from 'react';
import type { ReportTarget } from './report-form';

const ReportDialogChunk = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportDialog })));
const ReportLoginPromptChunk = lazy(() => import('./ReportDialog').then((module) => ({ default: module.ReportLoginPrompt })));

/**
 * The Report dialog, or for a guest the login prompt; their code loads when someone first chooses Report, which few
 * people ever do, so no page carries it on its first load.
 */
export function LazyReportDialog({ target, guest, onClose }: { target: ReportTarget; guest: boolean; onClose: () => void }) {
  return <Suspense fallback={null}>{guest ? <ReportLoginPromptChunk onClose={onClose} /> : <ReportDialogChunk target={target} onClose={onClose} />}</Suspense>;
}
