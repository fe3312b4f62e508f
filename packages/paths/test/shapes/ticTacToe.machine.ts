import { assign, setup } from 'xstate';
import { routed, type RouteEvent, type RouteMeta, type RoutedContext } from '@statechart/core';

type Cell = 'x' | 'o' | null;
const lines = [
  [0, 1, 2],
  [3, 4, 5],
  [6, 7, 8],
  [0, 3, 6],
  [1, 4, 7],
  [2, 5, 8],
  [0, 4, 8],
  [2, 4, 6],
] as const;
const winnerOf = (board: readonly Cell[]): Cell =>
  lines
    .map(([a, b, c]) => (board[a] && board[a] === board[b] && board[a] === board[c] ? board[a] : null))
    .find(Boolean) ?? null;

/**
 * XState's tic-tac-toe example, routed: one screen whose game's full tree (5,478 boards) outgrows
 * a breadth-first search of the default budget before a draw is found. The search's dives find one
 * with no hint (docs/paths.md, "A search too large"); a `searchBound` on what its guards read
 * (ticTacToeCoverage) is the hint a machine dives do not cover would need.
 */
export const ticTacToeMachine = routed(
  setup({
    types: {
      context: {} as RoutedContext & { board: Cell[]; player: 'x' | 'o' },
      events: {} as RouteEvent | { type: 'game.play'; cell: number } | { type: 'game.reset' },
      meta: {} as RouteMeta,
    },
    guards: {
      won: ({ context }) => winnerOf(context.board) !== null,
      full: ({ context }) => context.board.every(Boolean),
      free: ({ context, event }) => event.type === 'game.play' && context.board[event.cell] === null,
    },
  }).createMachine({
    id: 'ticTacToe',
    context: { params: {}, board: Array<Cell>(9).fill(null), player: 'x' },
    initial: 'game',
    states: {
      game: {
        id: 'game',
        route: {},
        meta: { path: '/', title: 'Game' },
        initial: 'playing',
        states: {
          playing: {
            always: [
              { guard: 'won', target: 'won' },
              { guard: 'full', target: 'draw' },
            ],
            on: {
              'game.play': {
                guard: 'free',
                target: 'playing',
                actions: assign(({ context, event }) => ({
                  board: context.board.map((cell, i) => (i === event.cell ? context.player : cell)),
                  player: context.player === 'x' ? ('o' as const) : ('x' as const),
                })),
              },
            },
          },
          won: { id: 'won', on: { 'game.reset': 'reset' } },
          draw: { id: 'draw', on: { 'game.reset': 'reset' } },
          reset: {
            entry: assign({ board: () => Array<Cell>(9).fill(null), player: 'x' as const }),
            always: 'playing',
          },
        },
      },
      notFound: { id: 'notFound', route: {}, meta: { path: '*', title: 'Not found' } },
    },
  }),
);

/** What matters for coverage: whether someone has won, and how many cells are filled. */
export const ticTacToeCoverage = (board: readonly Cell[]) => [winnerOf(board) !== null, board.filter(Boolean).length];
