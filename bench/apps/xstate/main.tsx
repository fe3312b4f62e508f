// The 40-line XState floor, every screen drawn by one view updated in place (floor.tsx says why).
import { mountFloor } from './floor';

mountFloor({ viewPerScreen: false });
