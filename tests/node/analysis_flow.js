// The README's analysis flow through node-uci, a real node UCI client: after 1.e4 e5 2.Qh5 Nc6
// 3.Bc4 Nf6, `go depth 14`; the glossfish.quality line for Nf6 must be among the info lines
// node-uci collected when its go() promise resolved at bestmove, and the
// strategy tree too when Glossfish Tree is on.
// usage: node analysis_flow.js GLOSSFISH_BINARY
'use strict';
const assert = require('assert');
const { Engine } = require('node-uci');

async function main(binary) {
  const engine = new Engine(binary);
  await engine.init();
  assert.ok(engine.id.name.startsWith('glossfish '), engine.id.name);
  await engine.setoption('Glossfish Tree', 'true');
  await engine.setoption('Glossfish Tree Plies', '2');
  await engine.setoption('Glossfish Tree Depth', '6');
  await engine.isready();
  await engine.position('startpos', ['e2e4', 'e7e5', 'd1h5', 'b8c6', 'f1c4', 'g8f6']);
  const result = await engine.go({ depth: 14 });
  const strings = result.info.filter((i) => i.string).map((i) => i.string);
  const of = (kind) => strings.filter((s) => s.startsWith(`glossfish.${kind} `))
    .map((s) => JSON.parse(s.slice(s.indexOf(' ') + 1)));
  // The full-depth label (a quick one at a lower depth may come first); it is the last one.
  const labels = of('quality');
  const quality = labels.filter((q) => !q.quick);
  assert.strictEqual(quality.length, 1, `quality lines before bestmove: ${strings.join('\n')}`);
  assert.ok(!labels[labels.length - 1].quick, 'the full label comes last');
  assert.strictEqual(quality[0].depth, 14);
  assert.strictEqual(quality[0].move.san, 'Nf6');
  assert.strictEqual(quality[0].label, 'blunder');
  const tree = of('tree');
  assert.strictEqual(tree.length, 1, `tree lines before bestmove: ${strings.join('\n')}`);
  assert.strictEqual(tree[0].best.san, 'Qxf7#');
  assert.ok(result.bestmove === 'h5f7', `bestmove ${result.bestmove}`);
  console.log(`node-uci: ${quality[0].text}; tree best ${tree[0].best.san}; bestmove ${result.bestmove}`);
  await engine.quit();
}

main(process.argv[2]).then(
  () => console.log('node-uci: 1 passed, 0 failed'),
  (e) => {
    console.error(e);
    console.log('node-uci: 0 passed, 1 failed');
    process.exit(1);
  });
