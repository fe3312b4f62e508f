import { NotFoundScreen } from '../stockScreens';
import { stockStrings } from '../stockStrings';

export const View = () => <NotFoundScreen words={stockStrings.notFound} />;
