import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parsePointers } from '../../../src/trajectory/metrics/pointer-parse.js';
import { pointerFollowing } from '../../../src/trajectory/metrics/pointers.js';
import { buildTrajectory, type CallSpec, type TrajectorySpec } from '../build-trajectory.js';

const offer = (text: string, turn = 1): CallSpec => ({
  tool: 'search_codebase',
  turn,
  args: { query: 'q' },
  ids: ['x'],
  text,
});
const sym = (args: Record<string, unknown>, turn = 2): CallSpec => ({
  tool: 'get_symbol',
  turn,
  args,
  ids: ['y'],
});

describe('pointerFollowing', () => {
  test.each<{ name: string; spec: TrajectorySpec; offered: number; followed: number; rate: number | null }>([
    // nothing offered: undefined, not 0
    { name: 'no calls', spec: {}, offered: 0, followed: 0, rate: null },
    {
      name: 'calls but no pointer',
      spec: { calls: [offer('plain'), sym({ target: 'a' })] },
      offered: 0,
      followed: 0,
      rate: null,
    },
    // 1 offered, followed by seq1 with the same tool and argument -> 1 / 1
    {
      name: 'followed',
      spec: {
        calls: [offer('together: → get_symbol(target="pkg.mod.Cls")'), sym({ target: 'pkg.mod.Cls' })],
      },
      offered: 1,
      followed: 1,
      rate: 1,
    },
    // the call may add arguments the pointer did not name -> still followed, 1 / 1
    {
      name: 'extra arguments on the call',
      spec: { calls: [offer('→ get_symbol(target="a")'), sym({ target: 'a', depth: 'source' })] },
      offered: 1,
      followed: 1,
      rate: 1,
    },
    // the call lacks `depth` the pointer named -> not followed, 0 / 1
    {
      name: 'missing a named argument',
      spec: { calls: [offer('→ get_symbol(target="a", depth="source")'), sym({ target: 'a' })] },
      offered: 1,
      followed: 0,
      rate: 0,
    },
    // same arguments but another tool -> 0 / 1
    {
      name: 'another tool',
      spec: {
        calls: [offer('→ get_symbol(target="a")'), { tool: 'get_symbols', turn: 2, args: { target: 'a' } }],
      },
      offered: 1,
      followed: 0,
      rate: 0,
    },
    // different value -> 0 / 1
    {
      name: 'different value',
      spec: { calls: [offer('→ get_symbol(target="a")'), sym({ target: 'b' })] },
      offered: 1,
      followed: 0,
      rate: 0,
    },
    // a number rendered quoted equals the number -> 1 / 1
    {
      name: 'quoted number equals number',
      spec: { calls: [offer('→ get_symbol(target="a", depth="2")'), sym({ target: 'a', depth: 2 })] },
      offered: 1,
      followed: 1,
      rate: 1,
    },
    // the call comes before the offer: not "later" -> 0 / 1
    {
      name: 'an earlier call does not follow',
      spec: { calls: [sym({ target: 'a' }, 1), offer('→ get_symbol(target="a")', 1)] },
      offered: 1,
      followed: 0,
      rate: 0,
    },
    // distinct pointers: the same pointer offered twice counts once; two distinct offered, one followed -> 1 / 2
    {
      name: 'distinct pointers, a repeat counts once',
      spec: {
        calls: [
          offer('→ get_symbol(target="a")\n→ get_symbol(target="b")'),
          offer('again: → get_symbol(target="a")'),
          sym({ target: 'a' }),
          sym({ target: 'a' }),
        ],
      },
      offered: 2,
      followed: 1,
      rate: 0.5,
    },
    // argument order in the pointer does not matter -> 1 / 1
    {
      name: 'argument order',
      spec: {
        calls: [offer('→ get_symbol(depth="source", target="a")'), sym({ target: 'a', depth: 'source' })],
      },
      offered: 1,
      followed: 1,
      rate: 1,
    },
    // the pointer sits beyond the 64-byte preview, only in the blob -> still offered and followed, 1 / 1
    {
      name: 'pointer only in the blob beyond the preview',
      spec: {
        previewBytes: 64,
        calls: [offer(`${'row\n'.repeat(40)}then: → get_symbol(target="deep")`), sym({ target: 'deep' })],
      },
      offered: 1,
      followed: 1,
      rate: 1,
    },
    // with the blob missing only the preview can be read: the pointer past it is unseen -> null
    {
      name: 'blob missing: falls back to the preview',
      spec: {
        previewBytes: 64,
        calls: [
          { ...offer(`${'row\n'.repeat(40)}→ get_symbol(target="deep")`), dropBlob: true },
          sym({ target: 'deep' }),
        ],
      },
      offered: 0,
      followed: 0,
      rate: null,
    },
    // a pointer with more than 8 named arguments, followed by a 9-argument call (scan path) -> 1 / 1
    {
      name: 'many arguments',
      spec: {
        calls: [
          offer('→ t(a=1, b=2, c=3, d=4, e=5, f=6, g=7, h=8, i=9)'),
          { tool: 't', turn: 2, args: { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9 } },
        ],
      },
      offered: 1,
      followed: 1,
      rate: 1,
    },
    // a zero-argument pointer is followed by any later call of its tool -> 1 / 1
    {
      name: 'zero-argument pointer',
      spec: { calls: [offer('→ list_tools()'), { tool: 'list_tools', turn: 2, args: { verbose: true } }] },
      offered: 1,
      followed: 1,
      rate: 1,
    },
  ])('$name', ({ spec, offered, followed, rate }) => {
    expect(pointerFollowing(buildTrajectory(spec))).toEqual({ offered, followed, rate });
  });

  test('agrees with the definition read literally, on random runs', () => {
    // The definition, quadratic: a distinct pointer (tool and arguments, `5` equal to "5") is
    // followed when a call after the one that first offered it has its tool and every argument.
    const same = (a: unknown, b: unknown) => String(a) === String(b);
    function reference(calls: CallSpec[]) {
      const firsts: { tool: string; args: Record<string, unknown>; at: number }[] = [];
      calls.forEach((call, at) => {
        for (const pointer of parsePointers(call.text ?? '')) {
          const known = firsts.some(
            (p) =>
              p.tool === pointer.tool &&
              Object.keys(p.args).length === Object.keys(pointer.args).length &&
              Object.entries(pointer.args).every(([k, v]) => Object.hasOwn(p.args, k) && same(p.args[k], v)),
          );
          if (!known) firsts.push({ ...pointer, at });
        }
      });
      const followed = firsts.filter((p) =>
        calls.some(
          (call, at) =>
            at > p.at &&
            call.tool === p.tool &&
            Object.entries(p.args).every(
              ([k, v]) => Object.hasOwn(call.args ?? {}, k) && same(call.args?.[k], v),
            ),
        ),
      ).length;
      return {
        offered: firsts.length,
        followed,
        rate: firsts.length === 0 ? null : followed / firsts.length,
      };
    }
    const tool = fc.constantFrom('get_symbol', 'read_file', 't');
    const args = fc.dictionary(
      fc.constantFrom('target', 'path', 'depth'),
      fc.constantFrom('a', 'b', 2, '2'),
      {
        maxKeys: 3,
      },
    );
    const pointer = fc.tuple(tool, args).map(
      ([name, named]) =>
        `→ ${name}(${Object.entries(named)
          .map(([k, v]) => `${k}=${typeof v === 'number' ? v : `"${v}"`}`)
          .join(', ')})`,
    );
    const call = fc.record({
      tool,
      args,
      text: fc.array(pointer, { maxLength: 3 }).map((lines) => lines.join('\n')),
    });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 12 }), (specs) => {
        const calls: CallSpec[] = specs.map((spec, i) => ({ ...spec, turn: 1 + i, ids: ['x'] }));
        expect(pointerFollowing(buildTrajectory({ calls }))).toEqual(reference(calls));
      }),
      { numRuns: 500 },
    );
  });
});
