// The users feature's public file (spec §2 Users screen, User Profile modal, Delete User).
export { UsersScreen } from './components/users-screen';
