import sharp from 'sharp';
import type { TestAccount } from './accounts';
import type { TestApp } from './test-app';

let cupPhoto: Promise<Buffer> | undefined;

/** A small JPEG, made once per test file. */
export function testPhoto(): Promise<Buffer> {
  cupPhoto ??= sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 150, g: 100, b: 60 } } }).jpeg().toBuffer();
  return cupPhoto;
}

/**
 * Posts a review with one photo through the real multipart call. `data` is merged over a valid review of `place_id`
 * (a place already known to the app). Answers the HTTP status and body.
 */
export async function postReview(app: TestApp, account: TestAccount, data: Record<string, unknown>): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.append('file1', new Blob([new Uint8Array(await testPhoto())], { type: 'image/jpeg' }), 'cup.jpg');
  form.append('data', JSON.stringify({ establishment_name: 'A place', order: 'Latte', review: 'Good', rating: 4, ...data }));
  const response = await fetch(`${app.baseUrl}/api/post/addpostwithimages`, { method: 'POST', headers: account.auth, body: form });
  return { status: response.status, body: await response.json() };
}
