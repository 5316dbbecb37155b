// Unit tests of the console's parsing and formatting, run by `npm test` (the console module's
// Maven test phase) on the esbuild bundle of test/units.ts.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bytes, checksumFields, html, neighbours, parseLldp, progressOf, SseParser } from '../target/unit/units.mjs';

const hex = (text) => Buffer.from(text, 'latin1').toString('hex');

test('raw LLDP TLVs as IPA sends them give the switch and port', () => {
  const tlvs = [
    [1, '04' + '525400aabbcc'], // chassis id, subtype 4: a MAC address
    [2, '05' + hex('Ethernet1/7')], // port id, subtype 5: an interface name
    [4, hex('uplink to rack 3')],
    [5, hex('tor-1.example')],
  ];
  assert.deepEqual(parseLldp(tlvs), {
    switchId: '52:54:00:aa:bb:cc', portId: 'Ethernet1/7', portDescription: 'uplink to rack 3', switchName: 'tor-1.example',
  });
  assert.equal(parseLldp([[2, '03' + '001122334455']]).portId, '00:11:22:33:44:55', 'port id subtype 3 is a MAC');
  assert.equal(parseLldp(null), null);
  assert.equal(parseLldp([]), null);
  assert.equal(parseLldp([[5, hex('only a name')]]), null, 'no chassis or port id: no neighbour');
});

test('an inspection hook\'s parsed LLDP wins over the raw TLVs, keyed by MAC', () => {
  const doc = {
    inventory: { interfaces: [
      { name: 'eth0', mac_address: 'AA:BB:CC:00:00:01', lldp: [[1, '04525400aabbcc'], [2, '05' + hex('p1')]] },
      { name: 'eth1', mac_address: 'aa:bb:cc:00:00:02', lldp: [[1, '04525400aabbcc'], [2, '05' + hex('p2')]] },
      { name: 'eth2', mac_address: 'aa:bb:cc:00:00:03', lldp: null },
    ] },
    plugin_data: { parsed_lldp: { eth1: { switch_chassis_id: 'sw-b', switch_port_id: 'Gi0/2', switch_system_name: 'b' } } },
  };
  const found = neighbours(doc);
  assert.equal(found.get('aa:bb:cc:00:00:01').portId, 'p1');
  assert.equal(found.get('aa:bb:cc:00:00:02').switchId, 'sw-b');
  assert.equal(found.has('aa:bb:cc:00:00:03'), false);
});

test('a checksum becomes the instance_info fields Ironic reads', () => {
  const sha256 = 'a'.repeat(64);
  assert.deepEqual(checksumFields(sha256), { image_os_hash_algo: 'sha256', image_os_hash_value: sha256 });
  assert.deepEqual(checksumFields(`sha512:${'b'.repeat(128)}`),
    { image_os_hash_algo: 'sha512', image_os_hash_value: 'b'.repeat(128) });
  assert.deepEqual(checksumFields('c'.repeat(32)), { image_checksum: 'c'.repeat(32) });
  assert.throws(() => checksumFields('not-a-checksum'), /must be hex/);
  assert.throws(() => checksumFields('a'.repeat(63)), /must be hex/);
});

test('progress comes from the agent\'s report while a step runs, and not for a failed node', () => {
  const writing = progressOf({
    provision_state: 'deploying', target_provision_state: 'active',
    driver_internal_info: { agent_progress: { step: 'deploy.write_image', bytes_written: 1048576, total_bytes: 4194304,
      percent: 25, bytes_per_second: 2097152, eta_seconds: 2, phase: null } },
  });
  assert.equal(writing.running, true);
  assert.equal(writing.step, 'deploy.write_image');
  assert.equal(writing.percent, 25);
  assert.match(writing.detail, /1\.0 MiB of 4\.0 MiB · 2\.0 MiB\/s · ETA 2s/);
  const waiting = progressOf({ provision_state: 'clean wait', clean_step: { interface: 'deploy', step: 'erase_devices' } });
  assert.deepEqual([waiting.running, waiting.step, waiting.percent], [true, 'deploy.erase_devices', null]);
  const failed = progressOf({ provision_state: 'deploy failed', target_provision_state: 'active',
    driver_internal_info: { agent_progress: { step: 'deploy.write_image', percent: 40 } } });
  assert.equal(failed.running, false);
});

test('templates escape what the API sends', () => {
  assert.equal(html`<td>${'<img src=x onerror=alert(1)>'}</td>`.text, '<td>&lt;img src=x onerror=alert(1)&gt;</td>');
  assert.equal(html`<a title="${'" onclick="x'}">`.text, '<a title="&quot; onclick=&quot;x">');
  assert.equal(html`<ul>${[html`<li>${'a&b'}</li>`]}</ul>`.text, '<ul><li>a&amp;b</li></ul>');
  assert.equal(bytes(8589934592), '8.0 GiB');
});

test('the event stream is read across chunk boundaries, comments and retry lines skipped', () => {
  const parser = new SseParser();
  assert.deepEqual(parser.feed('retry: 3000\n\n: keepalive\n\nid: 41'), []);
  const events = parser.feed('\r\nevent: node\r\ndata: {"node":\r\ndata: {"uuid":"u1"}}\r\n\r\nid: 42\nevent: deleted\ndata: {"node_uuid":"u2"}\n\n');
  assert.deepEqual(events, [
    { id: '41', event: 'node', data: '{"node":\n{"uuid":"u1"}}' },
    { id: '42', event: 'deleted', data: '{"node_uuid":"u2"}' },
  ]);
  assert.deepEqual(JSON.parse(events[0].data), { node: { uuid: 'u1' } });
  assert.deepEqual(parser.feed('data: x\r'), []);
  assert.deepEqual(parser.feed('\n\n'), [{ id: null, event: 'message', data: 'x' }], 'CR LF split across chunks');
});

test('the timeline shows each entry\'s cause once, newest first, and its details', async () => {
  const { timelineView } = await import('../target/unit/units.mjs');
  const markup = timelineView([
    { created_at: '2026-11-27T03:12:00Z', severity: 'INFO', kind: 'provision.transition',
      event: 'available -> deploying (deploy)', details: { cause: 'deploy requested by admin' } },
    { created_at: '2026-11-27T03:12:04Z', severity: 'ERROR', kind: 'step.failed',
      event: 'deploying -> deploy failed (fail): checksum mismatch', details: { cause: 'checksum mismatch', step: 'write_image' } },
  ]).text;
  assert.ok(markup.indexOf('step.failed') < markup.indexOf('provision.transition'), 'newest first');
  assert.match(markup, /cause: deploy requested by admin/);
  assert.doesNotMatch(markup, /cause: checksum mismatch/, 'already in the event text');
  assert.match(markup, /data-severity="ERROR"/);
  assert.match(markup, /<dt>step<\/dt><dd>write_image<\/dd>/);
});
