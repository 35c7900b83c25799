// Child process: the bare baseline. A `ws` server on 127.0.0.1 that does the same audio I/O
// as the voice service and nothing else: it receives each client's 40 ms frames and sends
// every one back as a server audio frame (4-byte stream id + the same bytes), so the byte
// rate out equals the byte rate in.
import { WebSocketServer } from 'ws';
import { serveStats } from './child-stats.ts';

const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
wss.on('connection', (ws) => {
  ws.on('error', () => ws.terminate());
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return;
    const pcm = data as Buffer; // binaryType 'nodebuffer' and no fragmentation at this size
    const frame = Buffer.allocUnsafe(4 + pcm.length);
    frame.writeUInt32LE(1, 0);
    pcm.copy(frame, 4);
    ws.send(frame, { binary: true });
  });
});
const address = wss.address();
if (!address || typeof address === 'string') throw new Error('no port');
serveStats({
  port: address.port,
  close: async () => {
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  },
});
