import { readSession } from '../../session/session-storage';

/** The spec's path for an admin download (§7 GET /api/admin/downloadanyfile). */
export function downloadUrl(filename: string): string {
  return `/api/admin/downloadanyfile?filename=${encodeURIComponent(filename)}`;
}

/**
 * The authenticated download of spec §7: the file comes with the admin's token (a plain link could not send it) and
 * is saved under the last segment of its name. Resolves false when the answer is not 200.
 */
export async function downloadFile(filename: string): Promise<boolean> {
  const token = readSession()?.token;
  let response: Response;
  try {
    response = await fetch(downloadUrl(filename), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    return false;
  }
  if (response.status !== 200) return false;
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename.split('/').pop() ?? filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the object URL can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
