/** Texts of the home page (ours). */
export const HOME_TEXTS = {
  title: 'Home',
  navLink: 'Home',
  myCoaches: 'My coaches',
  noCoaches: 'You are not enrolled in any course coach of this institution yet.',
  grade: 'Grade progress',
  currentScore: (score: number | null) =>
    score === null ? 'Nothing graded yet' : `Current score ${Math.round(score)}%`,
  gradeBar: (earned: number, lost: number, remaining: number) =>
    `Grade earned ${earned}%, missed ${lost}%, remaining ${remaining}%`,
  nextTodo: 'Next to-do',
  noTodo: 'Nothing due',
  due: (date: string) => `due ${date}`,
  unread: (n: number) =>
    n === 0 ? 'No unread bulletins' : `${n} unread ${n === 1 ? 'bulletin' : 'bulletins'}`,
  openCoach: 'Open dashboard',
  bulletins: 'Bulletins',
  noBulletins: 'No bulletins yet.',
  allBulletins: (total: number, unread: number) => `All ${total} bulletins (${unread} unread)`,
  unreadBadge: 'Unread',
  staffTitle: 'Staff',
  staffCoaches: 'Coaches of the institution',
  noStaffCoaches: 'No coach is set up yet.',
  setups: 'Set-ups in progress',
  noSetups: 'No set-up is in progress.',
  newSetup: 'Set up a new coach',
  setupStatus: { in_progress: 'In progress', setting_up: 'Setting up', failed: 'Failed: open it to retry' },
  loadError: 'We couldn’t load your home page',
} as const;
