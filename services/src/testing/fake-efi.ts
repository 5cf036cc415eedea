import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDynamicPix } from 'pix-utils';
import QRCode from 'qrcode';

interface Cob {
  txid: string;
  status: 'ATIVA' | 'CONCLUIDA';
  calendario: { criacao: string; expiracao: number };
  loc: { id: number; location: string; tipoCob: 'cob' };
  location: string;
  valor: { original: string };
  chave: string;
  solicitacaoPagador?: string;
  pixCopiaECola: string;
}

export interface FakeEfi {
  /** The base URL to give EFI_BASE_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request, as `METHOD /path`. */
  calls: string[];
  cobs: Map<string, Cob>;
  /** While true every call answers 503, as an outage would. */
  down: boolean;
  /** The webhook body Efí posts once the charge is paid (and marks the cob CONCLUIDA). */
  paymentNotice(txid: string): {
    pix: { endToEndId: string; txid: string; valor: string; horario: string }[];
  };
  close(): Promise<void>;
}

/**
 * A local server answering as Efí's published Pix API (OAuth client credentials, PUT/GET /v2/cob/:txid,
 * GET /v2/loc/:id/qrcode), with its validations: Basic credentials, Bearer token, txid of 26-35
 * alphanumerics, a txid used once.
 */
export async function startFakeEfi(): Promise<FakeEfi> {
  const clientId = 'Client_Id_test';
  const clientSecret = 'Client_Secret_test';
  const tokens = new Set<string>();
  const cobs = new Map<string, Cob>();
  const locs = new Map<number, Cob>();
  let nextLoc = 1;
  const calls: string[] = [];
  const fake = { down: false } as FakeEfi;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString();
    return text ? JSON.parse(text) : {};
  };

  async function route(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    calls.push(`${req.method} ${path}`);
    if (fake.down) return send(res, 503, { nome: 'servico_indisponivel', mensagem: 'Serviço indisponível' });
    if (req.method === 'POST' && path === '/oauth/token') {
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
      const body = await readBody(req);
      if (req.headers.authorization !== `Basic ${basic}` || body.grant_type !== 'client_credentials')
        return send(res, 401, {
          error: 'invalid_client',
          error_description: 'Invalid or inactive credentials',
        });
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return send(res, 200, {
        access_token: token,
        token_type: 'Bearer',
        expires_in: 3600,
        scope: 'cob.write',
      });
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!tokens.has(bearer)) return send(res, 401, { nome: 'nao_autorizado', mensagem: 'Não autorizado' });
    const cobPath = /^\/v2\/cob\/([^/]+)$/.exec(path);
    if (cobPath && req.method === 'PUT') {
      const txid = decodeURIComponent(cobPath[1]);
      const body = await readBody(req);
      if (!/^[a-zA-Z0-9]{26,35}$/.test(txid))
        return send(res, 400, { nome: 'valor_invalido', mensagem: 'Campo txid inválido' });
      if (cobs.has(txid)) return send(res, 400, { nome: 'txid_duplicado', mensagem: 'txid já utilizado' });
      if (!/^\d{1,10}\.\d{2}$/.test(body.valor?.original ?? '') || !body.chave)
        return send(res, 400, { nome: 'json_invalido', mensagem: 'valor.original ou chave inválidos' });
      const id = nextLoc++;
      const location = `pix-h.example.efipay.com.br/v2/${randomUUID().replace(/-/g, '')}`;
      const cob: Cob = {
        txid,
        status: 'ATIVA',
        calendario: { criacao: new Date().toISOString(), expiracao: body.calendario?.expiracao ?? 86400 },
        loc: { id, location, tipoCob: 'cob' },
        location,
        valor: { original: body.valor.original },
        chave: body.chave,
        solicitacaoPagador: body.solicitacaoPagador,
        pixCopiaECola: createDynamicPix({
          merchantName: 'EFI TESTE',
          merchantCity: 'OURO PRETO',
          url: location,
        })
          .throwIfError()
          .toBRCode(),
      };
      cobs.set(txid, cob);
      locs.set(id, cob);
      return send(res, 201, cob);
    }
    if (cobPath && req.method === 'GET') {
      const cob = cobs.get(decodeURIComponent(cobPath[1]));
      return cob ? send(res, 200, cob) : send(res, 404, { nome: 'cobranca_nao_encontrada' });
    }
    const qrPath = /^\/v2\/loc\/(\d+)\/qrcode$/.exec(path);
    if (qrPath && req.method === 'GET') {
      const cob = locs.get(Number(qrPath[1]));
      if (!cob) return send(res, 404, { nome: 'location_nao_encontrada' });
      return send(res, 200, {
        qrcode: cob.pixCopiaECola,
        imagemQrcode: await QRCode.toDataURL(cob.pixCopiaECola),
        linkVisualizacao: `https://${cob.location}`,
      });
    }
    return send(res, 404, { nome: 'rota_nao_encontrada' });
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err) => send(res, 500, { nome: 'erro', mensagem: String(err) }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    calls,
    cobs,
    paymentNotice(txid: string) {
      const cob = cobs.get(txid);
      if (cob) cob.status = 'CONCLUIDA';
      const endToEndId = `E${randomBytes(15).toString('hex').slice(0, 31)}`;
      return {
        pix: [{ endToEndId, txid, valor: cob?.valor.original ?? '0.00', horario: new Date().toISOString() }],
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
