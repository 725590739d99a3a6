// `glossfish mcp` driven by the official MCP TypeScript SDK (@modelcontextprotocol/sdk, a
// test-only dependency: .ci/install runs npm ci here): connect over stdio, list the tools and
// compare them with `glossfish tools --schema`, call attackers and verify (a true and a false
// claim), cancel a deep strategy_tree and see the engine stop within 200 ms, and write hostile
// bytes to a second server's stdin. Prints the measured figures.
// usage: node mcp_client.mjs GLOSSFISH_BINARY
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

let Client, StdioClientTransport;
try {
  ({ Client } = await import('@modelcontextprotocol/sdk/client/index.js'));
  ({ StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js'));
} catch (e) {
  console.log('skipped: @modelcontextprotocol/sdk is not installed; run npm ci --prefix tests/node');
  process.exit(77);
}

const binary = process.argv[2];
const CancelBudgetMs = 200;
const results = [];

function children(pid) {
  const out = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === pid) out.push({ pid: Number(entry), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch { /* gone */ }
  }
  return out;
}

const cpuTicks = (pid) => children(pid).reduce((sum, c) => sum + c.ticks, 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const parse = (result) => JSON.parse(result.content[0].text);

async function withClient(run) {
  const transport = new StdioClientTransport({
    command: binary, args: ['mcp', '--progress-ms', '200'], stderr: 'pipe', env: process.env,
  });
  let stderr = '';
  transport.stderr.on('data', (d) => { stderr += d; });
  const client = new Client({ name: 'glossfish-test', version: '1.0.0' });
  await client.connect(transport);
  try {
    await run(client, transport, () => stderr);
  } finally {
    await client.close();
  }
}

async function toolsMatchTheSchema(client) {
  const schema = JSON.parse(execFileSync(binary, ['tools', '--schema'], { encoding: 'utf8' }));
  const { tools } = await client.listTools();
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const entry of schema) {
    const f = entry.function;
    const tool = byName.get(f.name);
    assert.ok(tool, `tools/list lacks ${f.name}`);
    assert.equal(tool.description, f.description, f.name);
    assert.deepEqual(tool.inputSchema, f.parameters, f.name);
  }
  const names = tools.map((t) => t.name);
  assert.deepEqual(names.slice(0, schema.length), schema.map((e) => e.function.name));
  for (const extra of ['verify', 'label', 'strategy_tree', 'move_quality', 'attackers'])
    assert.ok(names.includes(extra), `no ${extra} tool`);
  assert.equal(client.getServerVersion().name, 'glossfish');
  return `tools/list: ${tools.length} tools, the ${schema.length} of tools --schema identical`;
}

async function attackersAndVerify(client) {
  const r = await client.callTool({
    name: 'attackers', arguments: { fen: 'startpos', square: 'f3', color: 'white' },
  });
  assert.equal(r.isError, false);
  const answer = parse(r);
  assert.equal(answer.count, 3);
  assert.deepEqual(answer.attackers.map((a) => a.square).sort(), ['e2', 'g1', 'g2']);
  assert.deepEqual(r.structuredContent, answer);
  const bad = await client.callTool({
    name: 'attackers', arguments: { fen: 'startpos', square: 'z9', color: 'white' },
  });
  assert.equal(bad.isError, true);
  assert.equal(parse(bad).error.code, 'bad_square');

  const fen = '6k1/5ppp/8/4P3/1b1p4/3Q4/5PPP/6K1 w - - 0 1';
  const v = await client.callTool({
    name: 'verify',
    arguments: { fen, move: 'Qe4', text: 'Qe4 attacks the pawn on d4. Qe4 attacks the bishop on b4.' },
  });
  assert.equal(v.isError, false, v.content[0].text);
  const report = parse(v);
  assert.equal(report.atoms.length, 2, v.content[0].text);
  assert.equal(report.atoms[0].result, 'correct', JSON.stringify(report.atoms[0]));
  assert.equal(report.atoms[1].result, 'incorrect', JSON.stringify(report.atoms[1]));
  return `attackers f3: ${answer.count}; verify: ${report.atoms.map((a) => a.result).join(', ')}`;
}

async function cancelDeepTree(client, transport, stderr) {
  const controller = new AbortController();
  const progress = [];
  const tree = client.callTool(
    { name: 'strategy_tree',
      arguments: { fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
                   plies: 8, breadth: 5, depth: 30 } },
    undefined,
    { signal: controller.signal, onprogress: (p) => progress.push(p), resetTimeoutOnProgress: true });
  const outcome = tree.then(() => 'answered', (e) => `rejected: ${e.message}`);
  await sleep(1500);
  const searching = cpuTicks(transport.pid);
  // ping and a board tool are answered while the search runs.
  const p0 = performance.now();
  await client.ping();
  const busyPingMs = performance.now() - p0;
  const board = await client.callTool({ name: 'legal_moves', arguments: { fen: 'startpos' } });
  const busyBoardMs = performance.now() - p0 - busyPingMs;
  assert.equal(parse(board).count, 20);
  assert.ok(busyPingMs < CancelBudgetMs && busyBoardMs < CancelBudgetMs,
            `during the search: ping ${busyPingMs} ms, legal_moves ${busyBoardMs} ms`);
  assert.ok(progress.length >= 3, `progress notifications: ${progress.length}`);
  for (let i = 1; i < progress.length; ++i) assert.ok(progress[i].progress > progress[i - 1].progress);
  const t0 = performance.now();
  controller.abort('enough');
  const ping = client.ping().then(() => performance.now() - t0);
  // One analysis worker: this search starts only once the tree's search has stopped.
  const evalMs = client.callTool({ name: 'eval', arguments: { fen: '8/8/8/4k3/8/8/4K3/4R3 w - - 0 1', depth: 1 } })
    .then((r) => { assert.equal(r.isError, false, r.content[0].text); return performance.now() - t0; });
  const [pingMs, engineMs] = await Promise.all([ping, evalMs]);
  assert.match(await outcome, /^rejected/);
  const before = cpuTicks(transport.pid);
  await sleep(300);
  const idleTicks = cpuTicks(transport.pid) - before;
  // The server's own figure: from the cancel notification to the call's return.
  await sleep(50);
  const m = /cancelled: stopped (\d+) ms after the cancel/.exec(stderr());
  assert.ok(m, `no cancel line on stderr:\n${stderr()}`);
  const serverMs = Number(m[1]);
  assert.ok(engineMs < CancelBudgetMs, `the engine was free ${engineMs.toFixed(1)} ms after the cancel`);
  assert.ok(serverMs < CancelBudgetMs, `the call stopped ${serverMs} ms after the cancel`);
  assert.ok(idleTicks <= 3, `Stockfish used ${idleTicks} CPU ticks in the 300 ms after the cancel`);
  return `during the search: ping ${busyPingMs.toFixed(1)} ms, legal_moves ${busyBoardMs.toFixed(1)} ms; ` +
    `cancel: ping ${pingMs.toFixed(1)} ms, call stopped ${serverMs} ms after the cancel (server), ` +
    `next engine answer ${engineMs.toFixed(1)} ms after abort(), Stockfish ${idleTicks} ticks in 300 ms ` +
    `after (${searching} ticks while searching), ${progress.length} progress notifications`;
}

// Raw bytes to a server's stdin: every answer is one JSON line and the server goes on.
async function hostileInput() {
  const child = spawn(binary, ['mcp'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  const lines = () => out.split('\n').filter((l) => l.length);
  const exited = new Promise((r) => child.on('exit', (code) => r(code)));
  const send = (b) => child.stdin.write(b);
  send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05"}}\n');
  send('{not json\n');
  send(Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"'),
                      Buffer.from([0xff, 0xfe]), Buffer.from('"}}\n')]));
  send(`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":"${'x'.repeat(2 << 20)}"}}\n`);
  send('[{"jsonrpc":"2.0","id":4,"method":"ping"}]\n');
  send('{"jsonrpc":"2.0","id":5,"method":"tools/frobnicate"}\n');
  send('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"attackers","arguments":[]}}\n');
  send('\0\0\0\n');
  send('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
  const deadline = Date.now() + 10000;
  while (!lines().some((l) => JSON.parse(l).id === 7) && Date.now() < deadline) await sleep(10);
  child.stdin.end();
  const code = await exited;
  const messages = lines().map((l) => JSON.parse(l));
  const codes = messages.map((m) => (m.error ? m.error.code : 'ok'));
  assert.deepEqual(codes, ['ok', -32700, -32700, -32600, -32600, -32601, -32602, -32700, 'ok']);
  assert.deepEqual(messages.map((m) => m.id), [1, null, 2, null, null, 5, 6, null, 7]);
  assert.equal(code, 0);
  return `hostile input: ${messages.length} answers (${codes.join(' ')}), exit ${code}`;
}

// examples/mcp: the host configuration's arguments start a server that answers the example
// session, every request without an error.
async function exampleSession() {
  const dir = new URL('../../examples/mcp/', import.meta.url);
  const config = JSON.parse(fs.readFileSync(new URL('mcp.json', dir), 'utf8'));
  const entry = config.mcpServers.glossfish;
  assert.equal(entry.command, 'glossfish');
  assert.equal(entry.args[0], 'mcp');
  const session = fs.readFileSync(new URL('session.jsonl', dir));
  const out = execFileSync(binary, entry.args, { input: session, encoding: 'utf8', timeout: 60000 });
  const answers = out.split('\n').filter((l) => l.length).map((l) => JSON.parse(l));
  const requests = session.toString().split('\n').filter((l) => l.length).map((l) => JSON.parse(l))
    .filter((m) => 'id' in m);
  assert.deepEqual(answers.map((a) => a.id).sort(), requests.map((r) => r.id).sort());
  for (const a of answers) {
    assert.ok(a.result && !a.result.isError, JSON.stringify(a).slice(0, 300));
  }
  const byId = new Map(answers.map((a) => [a.id, a.result]));
  assert.equal(byId.get(4).structuredContent.atoms[0].result, 'incorrect');
  assert.equal(byId.get(5).structuredContent.label, 'good');
  return `examples/mcp: ${answers.length} answers to session.jsonl with the host configuration's flags`;
}

async function main() {
  await withClient(async (client, transport, stderr) => {
    results.push(await toolsMatchTheSchema(client));
    results.push(await attackersAndVerify(client));
    results.push(await cancelDeepTree(client, transport, stderr));
  });
  results.push(await hostileInput());
  results.push(await exampleSession());
}

main().then(
  () => {
    for (const r of results) console.log(`mcp: ${r}`);
    console.log('mcp: 1 passed, 0 failed');
    process.exit(0);
  },
  (e) => {
    for (const r of results) console.log(`mcp: ${r}`);
    console.error(e);
    console.log('mcp: 0 passed, 1 failed');
    process.exit(1);
  });
