// The 40-line XState floor with a view per screen and view transitions: each screen change runs one
// as the product shell's does (floor.tsx), the floor for the shell's view-transition lines.
import { mountFloor } from '../xstate/floor';

mountFloor({ viewPerScreen: true, viewTransitions: true });
