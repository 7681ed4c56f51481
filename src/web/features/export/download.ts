/**
 * Fetching an export: the same POST as any call (slug and token added), but the reply is a file.
 * Its body is read as it arrives, reporting the bytes so far (and the row count the server
 * announced) for the progress line, then saved under the server's file name. A refusal comes
 * back as an envelope: its message is answered instead.
 */
import { EXPORT_ROWS_HEADER } from '../../../shared/exports';
import { readReply } from '../../api/reply';
import { SERVER_DOWN_TEXT } from '../../api/client';
import { apiBase } from '../../config';
import { useSession } from '../../session/store';

export interface ExportProgress {
  bytes: number;
  /** The rows the export holds, as the server counted them before it began. */
  rows: number | null;
}

const FAILED_TEXT = 'The export stopped before it was complete; nothing was saved.';

function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

async function refusalOf(response: Response): Promise<string> {
  const reply = readReply(response.status, await response.text());
  return (reply.ok && reply.envelope.messages[0]?.text) || FAILED_TEXT;
}

/** Downloads the export; answers null when saved, else what went wrong. */
export async function downloadExport(
  path: string,
  payload: Record<string, unknown>,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<string | null> {
  const session = useSession.getState();
  const body: Record<string, unknown> = { ...payload, _company_slug: session.company_slug ?? '' };
  if (session.token) body._user_token = session.token;
  let response: Response;
  try {
    response = await fetch(`${apiBase(session.environment)}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal,
    });
  } catch {
    return signal.aborted ? null : SERVER_DOWN_TEXT;
  }
  session.noteRequest(Date.now());
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.startsWith('application/json') || !response.body)
    return refusalOf(response);
  const announced = Number(response.headers.get(EXPORT_ROWS_HEADER));
  const rows = Number.isFinite(announced) && announced >= 0 ? announced : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      bytes += read.value.length;
      onProgress({ bytes, rows });
    }
  } catch {
    return signal.aborted ? null : FAILED_TEXT;
  }
  const filename =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  saveFile(new Blob(chunks, { type }), filename);
  return null;
}
