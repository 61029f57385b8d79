import { describe, expect, it } from 'vitest';
import { parserErrorAnswer } from './responses';

/** The raw answer's status line, headers and JSON body. */
function parse(raw: string) {
  const [head, body] = raw.split('\r\n\r\n');
  const [statusLine, ...headers] = head!.split('\r\n');
  return {
    statusLine,
    headers: Object.fromEntries(headers.map((line) => line.split(': ') as [string, string])),
    body: JSON.parse(body!),
    bodyBytes: Buffer.byteLength(body!),
  };
}

describe("parserErrorAnswer (what Node's HTTP parser refuses)", () => {
  it("answers headers past Node's limit with the catalogue's 413, not a bare 431", () => {
    const answer = parse(parserErrorAnswer('HPE_HEADER_OVERFLOW', 'req-1'));
    expect(answer.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.bodyBytes);
    expect(answer.headers.connection).toBe('close');
    expect(answer.body).toEqual({
      errors: [{ id: 'req-1', status: 413, code: 'request-too-large', title: 'The request is too large.' }],
    });
  });

  it('answers anything else that is not HTTP with a 400', () => {
    const answer = parse(parserErrorAnswer('HPE_INVALID_METHOD', 'req-2'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body.errors[0]).toMatchObject({
      id: 'req-2',
      status: 400,
      code: 'validation-invalid-params',
    });
  });
});
