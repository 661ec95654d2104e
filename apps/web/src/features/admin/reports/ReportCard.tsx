import { useId } from 'react';
import { REPORT_REASON_LABELS, type ReportAction } from '@siplog/contracts';
import { relativeTime } from '../../notifications/relative-time';
import { ReportedContent } from './ReportedContent';
import { actionButtonLabel, actionsFor, closedActionLabel, describeTarget, KIND_LABELS, openReportsText, reporterText, type AdminReport, type ReportGroup } from './report-view';

interface ReportCardProps {
  group: ReportGroup;
  now: number;
  /** The action under way on this target, while the server works on it. */
  busy: ReportAction | null;
  onAction: (report: AdminReport, action: ReportAction) => void;
}

const FULL_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function When({ iso, now }: { iso: string; now: number }) {
  return (
    <time dateTime={iso}>
      {relativeTime(iso, now)} <span className="report-card__date">({FULL_DATE.format(new Date(iso))})</span>
    </time>
  );
}

/**
 * One reported target: the content as reported, whose it is, each report on it (who, why, the note, when), and while
 * open Dismiss, Remove and Suspend; once closed, what was done and when.
 */
export function ReportCard({ group, now, busy, onAction }: ReportCardProps) {
  const headingId = useId();
  const { lead, reports } = group;
  const open = lead.status === 'open';
  const title = describeTarget(lead.content);
  return (
    <article className={`report-card${open ? '' : ' report-card--closed'}`} aria-labelledby={headingId}>
      <header className="report-card__header">
        <span className="report-card__kind">{KIND_LABELS[lead.kind]}</span>
        {lead.remote_server && <span className="report-card__server">{lead.remote_server}</span>}
        <h3 id={headingId} className="report-card__title">
          {title}
        </h3>
        {open ? (
          <span className="report-card__badge">{openReportsText(lead.target_open_reports)}</span>
        ) : (
          <span className="report-card__badge report-card__badge--closed">{closedActionLabel(lead.action, lead.kind)}</span>
        )}
      </header>
      <div className="report-card__body">
        <ReportedContent content={lead.content} />
        <div className="report-card__side">
          <dl className="report-card__facts">
            <div>
              <dt>Owner</dt>
              <dd className="report-card__owner">
                {lead.owner_username} {lead.owner_email ? <span className="admin-muted">({lead.owner_email})</span> : <span className="admin-muted">(on {lead.remote_server})</span>}
              </dd>
            </div>
            {!open && (
              <div>
                <dt>Outcome</dt>
                <dd>
                  {closedActionLabel(lead.action, lead.kind)}
                  {lead.closed_at && (
                    <>
                      , <When iso={lead.closed_at} now={now} />
                    </>
                  )}
                </dd>
              </div>
            )}
            {/* An open card's badge gives the count; a closed one says when the target was reported again since. */}
            {!open && lead.target_open_reports > 0 && (
              <div>
                <dt>Open reports on it</dt>
                <dd>{lead.target_open_reports}</dd>
              </div>
            )}
          </dl>
          <ol className="report-card__reports" aria-label={reports.length === 1 ? 'The report' : `The ${reports.length} reports`}>
            {reports.map((report) => (
              <li key={report.report_id} className="report-entry">
                <dl className="report-card__facts">
                  <div>
                    <dt>Reason</dt>
                    <dd className="report-card__reason">{REPORT_REASON_LABELS[report.reason]}</dd>
                  </div>
                  <div>
                    <dt>Note</dt>
                    <dd className="report-card__note">{report.note || <span className="admin-muted">No note</span>}</dd>
                  </div>
                  <div>
                    <dt>Reported by</dt>
                    <dd>
                      {reporterText(report)}
                      {report.forwarded && <span className="admin-muted"> · also sent to {report.remote_server}</span>}
                    </dd>
                  </div>
                  <div>
                    <dt>Reported</dt>
                    <dd>
                      <When iso={report.created_at} now={now} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        </div>
      </div>
      {open && (
        <div className="report-card__actions" role="group" aria-label={`Actions on ${title}`}>
          {actionsFor(lead.kind).map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'dismiss' ? 'button button--small' : 'button button--danger button--small'}
              disabled={busy !== null}
              onClick={() => onAction(lead, action)}
            >
              {busy === action ? 'Working…' : actionButtonLabel(action, lead.kind)}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
