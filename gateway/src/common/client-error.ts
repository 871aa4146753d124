import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

const MESSAGES: Record<number, string> = {
  400: 'The request could not be read: its request line or a header is malformed (a header holds a character that is not allowed, such as a NUL byte)',
  408: 'The request was not received in time',
  431: 'The request headers are too large',
};

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * A request Node's HTTP parser refuses before any route sees it (a NUL byte or another
 * character not allowed in a header, a malformed request line, headers too large) is answered
 * like every other error, `{ statusCode, message }` as JSON, instead of Node's bare status
 * line; then the connection closes.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // a connection the client closed, or one whose answer was already begun, just ends
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    const statusCode = statusOf(err.code);
    const body = JSON.stringify({ statusCode, message: MESSAGES[statusCode] });
    socket.end(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'X-Content-Type-Options: nosniff\r\n' +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
