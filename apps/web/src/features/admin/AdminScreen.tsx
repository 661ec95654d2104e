import { useState } from 'react';
import { BackupControls } from './backup/BackupControls';
import { LogsPanel } from './logs/LogsPanel';
import { UsersPanel } from './users/UsersPanel';

/** Spec §2 Admin screen: the FR Users and FR Logs toggles, Backup DB and Download, and the open panels. */
export function AdminScreen() {
  const [usersOpen, setUsersOpen] = useState(true);
  const [logsOpen, setLogsOpen] = useState(false);

  return (
    <div className="admin">
      <h1 className="admin__title">Admin</h1>
      <div className="admin__toolbar">
        <button type="button" className="button" aria-pressed={usersOpen} onClick={() => setUsersOpen((open) => !open)}>
          FR Users
        </button>
        <button type="button" className="button" aria-pressed={logsOpen} onClick={() => setLogsOpen((open) => !open)}>
          FR Logs
        </button>
        <BackupControls />
      </div>
      {logsOpen && <LogsPanel />}
      {usersOpen && <UsersPanel />}
      {!usersOpen && !logsOpen && <p className="admin-muted">Open FR Users to look after people and their posts, or FR Logs to read the server's logs.</p>}
    </div>
  );
}
