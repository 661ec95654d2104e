import { useParams } from 'react-router';
import { ADMIN_MESSAGES } from '@siplog/contracts';
import { AdminScreen } from '../../features/admin/AdminScreen';
import { useAdminAccess } from '../../features/admin/useAdminAccess';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NotFoundPage } from '../not-found/NotFoundPage';
import './admin.css';

/** /admin/{secret}: the operator's screen, behind the 'Please wait' overlay while the server checks who is asking. */
export function AdminPage() {
  const { secret = '' } = useParams();
  const access = useAdminAccess(secret);
  useDocumentTitle('Admin');
  if (access === 'not-found') return <NotFoundPage />;
  if (access !== 'admin') {
    return (
      <div className="admin-wait" role="status" aria-live="polite">
        <span className="spinner admin-wait__spinner" aria-hidden="true" />
        {ADMIN_MESSAGES.pleaseWait}
      </div>
    );
  }
  return <AdminScreen />;
}
