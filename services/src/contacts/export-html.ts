import type { ContactView } from '@zelo/contracts/contacts/read-models';
import type { MessageView } from '@zelo/contracts/messaging/read-models';
import type { TicketNoteView } from '@zelo/contracts/ticket-notes/read-models';
import type { TicketView } from '@zelo/contracts/tickets/read-models';

// The archive's readable page (LGPD issue 25), in Portuguese. Every value is escaped: names, message
// bodies and notes are typed by customers and agents, and the page is opened from the customer's disk.

export interface ArchivedTicket {
  ticket: TicketView;
  messages: (MessageView & { mediaFile: string | null })[];
  ratings: { rate: number; at: string }[];
  variables: { key: string; value: string; at: string }[];
}

export interface ArchivedHistoryEvent {
  stream: string;
  type: string;
  at: string;
  actor: string;
  data: unknown;
}

export interface ContactArchive {
  exportedAt: string;
  contact: ContactView;
  tickets: ArchivedTicket[];
  notes: TicketNoteView[];
  history: ArchivedHistoryEvent[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);

const when = (iso: string) =>
  escapeHtml(new Date(iso).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
const row = (label: string, value: unknown) =>
  `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;

function message(m: ArchivedTicket['messages'][number]): string {
  const who = m.fromMe ? 'Empresa' : (m.contact?.name ?? m.senderName);
  const quoted = m.quotedMsg ? `<blockquote>${escapeHtml(m.quotedMsg.body)}</blockquote>` : '';
  // A relative link into the archive's own media folder: nothing is fetched from anywhere else.
  const media = m.mediaFile
    ? `<p><a href="${escapeHtml(encodeURI(m.mediaFile))}">${escapeHtml(m.mediaFile)}</a></p>`
    : '';
  const flags = [m.isDeleted ? 'apagada' : '', m.isEdited ? 'editada' : ''].filter(Boolean).join(', ');
  return `<li><p class="meta">${when(m.createdAt)} — ${escapeHtml(who)}${flags ? ` (${escapeHtml(flags)})` : ''}</p>${quoted}<p>${escapeHtml(m.body)}</p>${media}</li>`;
}

function ticket(t: ArchivedTicket): string {
  const ratings = t.ratings.map((r) => `<li>${when(r.at)}: nota ${escapeHtml(r.rate)}</li>`).join('');
  const variables = t.variables.map((v) => row(v.key, v.value)).join('');
  return `<section><h3>Atendimento ${escapeHtml(t.ticket.id)}</h3>
<table>${row('Situação', t.ticket.status)}${row('Conexão', t.ticket.whatsapp.name)}${row('Fila', t.ticket.queue?.name ?? '—')}${row('Atendente', t.ticket.user?.name ?? '—')}${row('Aberto em', new Date(t.ticket.createdAt).toLocaleString('pt-BR'))}</table>
${ratings ? `<h4>Avaliações</h4><ul>${ratings}</ul>` : ''}
${variables ? `<h4>Respostas coletadas</h4><table>${variables}</table>` : ''}
<h4>Mensagens</h4><ol class="messages">${t.messages.map(message).join('')}</ol></section>`;
}

export function renderArchiveHtml(a: ContactArchive): string {
  const c = a.contact;
  const extra = c.extraInfo.map((i) => row(i.name, i.value)).join('');
  const notes = a.notes
    .map(
      (n) =>
        `<li><p class="meta">${when(n.createdAt)} — ${escapeHtml(n.user?.name ?? '')}</p><p>${escapeHtml(n.note)}</p></li>`,
    )
    .join('');
  const history = a.history
    .map(
      (e) =>
        `<tr><td>${when(e.at)}</td><td>${escapeHtml(e.type)}</td><td>${escapeHtml(e.actor)}</td><td><pre>${escapeHtml(JSON.stringify(e.data, null, 2))}</pre></td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
<title>Dados pessoais exportados</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:auto;padding:1rem}th{text-align:left;padding-right:1rem}
.meta{color:#555;font-size:.85em;margin-bottom:0}blockquote{border-left:3px solid #ccc;margin:.2rem 0;padding-left:.5rem;color:#555}
pre{white-space:pre-wrap;margin:0}td{vertical-align:top}</style></head>
<body><h1>Dados pessoais exportados</h1>
<p>Gerado em ${when(a.exportedAt)}, a pedido do titular (LGPD, art. 18). Os mesmos dados estão em JSON nos arquivos deste pacote.</p>
<h2>Contato</h2><table>${row('Nome', c.name)}${row('Número', c.number)}${row('E-mail', c.email)}${row('Cadastrado em', new Date(c.createdAt).toLocaleString('pt-BR'))}${row('Recebe campanhas', c.optedOut ? 'Não (descadastrado)' : 'Sim')}${extra}</table>
<h2>Atendimentos (${a.tickets.length})</h2>${a.tickets.map(ticket).join('')}
<h2>Anotações</h2>${notes ? `<ul>${notes}</ul>` : '<p>Nenhuma.</p>'}
<h2>Histórico de eventos</h2><table><tr><th>Quando</th><th>Evento</th><th>Autor</th><th>Dados</th></tr>${history}</table>
</body></html>
`;
}
