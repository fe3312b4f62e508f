// The 40-line XState floor with a view per screen: each navigation mounts a new view (floor.tsx).
import { mountFloor } from '../xstate/floor';

mountFloor({ viewPerScreen: true });
