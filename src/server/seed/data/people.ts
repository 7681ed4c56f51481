/**
 * Ingredients of generated demo patients. Phone numbers come from the ranges Ofcom keeps for
 * drama (01632 960xxx, 07700 900xxx) and e-mails use example.com/org/net, so no demo record
 * reaches a real person.
 */
export const FEMALE_NAMES: readonly string[] = [
  'Olivia', 'Amelia', 'Isla', 'Ava', 'Emily', 'Sophia', 'Grace', 'Mia', 'Poppy', 'Ella', 'Lily',
  'Evie', 'Isabella', 'Charlotte', 'Jessica', 'Freya', 'Alice', 'Florence', 'Ruby', 'Harriet',
  'Margaret', 'Susan', 'Helen', 'Sarah', 'Catherine', 'Rachel', 'Elizabeth', 'Joanne', 'Fiona',
  'Bethan', 'Siobhan', 'Priya', 'Aisha', 'Zara', 'Niamh', 'Eleanor', 'Claire', 'Hannah',
];

export const MALE_NAMES: readonly string[] = [
  'Oliver', 'George', 'Harry', 'Noah', 'Jack', 'Leo', 'Arthur', 'Muhammad', 'Oscar', 'Charlie',
  'Jacob', 'Thomas', 'Henry', 'William', 'James', 'Alfie', 'Edward', 'Samuel', 'Joseph', 'Daniel',
  'David', 'Peter', 'Richard', 'Michael', 'Andrew', 'Stephen', 'Robert', 'Gareth', 'Rhys',
  'Callum', 'Rohan', 'Kwame', 'Patrick', 'Hugh', 'Matthew', 'Benjamin',
];

export const LAST_NAMES: readonly string[] = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Robinson',
  'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Wood', 'Jackson',
  'Clarke', 'Patel', 'Khan', 'Lewis', 'James', 'Phillips', 'Mason', 'Mitchell', 'Rose', 'Davis',
  'Rodriguez', 'Cox', 'Alexander', 'Morgan', 'Moore', 'Hughes', 'Edwards', 'Hill', 'Cooper',
  'Ward', 'Turner', 'Parker', 'Collins', 'Bennett', 'Shaw', 'Fletcher', 'Harrison', 'Gray',
  "O'Brien", 'MacDonald', 'Campbell', 'Ahmed', 'Singh', 'Kowalski', 'Nowak', 'Okafor', 'Chen',
  'Baker', 'Carter', 'Price', 'Murray', 'Fox', 'Holmes', 'Lloyd', 'Pearce', 'Owen', 'Fisher',
];

export const STREETS: readonly string[] = [
  'High Street', 'Station Road', 'Church Lane', 'Mill Lane', 'Victoria Road', 'Park Avenue',
  'The Green', 'Manor Road', 'Kings Road', 'Queens Road', 'New Road', 'Orchard Close',
  'Chapel Street', 'Grove Road', 'Springfield Road', 'Meadow Way', 'Broad Street', 'London Road',
  'School Lane', 'Elm Grove', 'Willow Close', 'Castle Street', 'Bridge Street', 'North Street',
  'West Street', 'Alexandra Road', 'Albert Road', 'Beech Avenue', 'Cedar Drive', 'Windsor Close',
];

/** Town, county and postcode area with its districts. */
export const TOWNS: ReadonlyArray<readonly [town: string, county: string, area: string, districts: number[]]> = [
  ['Bath', 'Somerset', 'BA', [1, 2]],
  ['Frome', 'Somerset', 'BA', [11]],
  ['Wells', 'Somerset', 'BA', [5]],
  ['Bristol', 'Bristol', 'BS', [1, 3, 6, 7, 8, 9]],
  ['Keynsham', 'Somerset', 'BS', [31]],
  ['Bradford on Avon', 'Wiltshire', 'BA', [15]],
  ['Trowbridge', 'Wiltshire', 'BA', [14]],
  ['Chippenham', 'Wiltshire', 'SN', [14, 15]],
  ['Salisbury', 'Wiltshire', 'SP', [1, 2]],
  ['Glastonbury', 'Somerset', 'BA', [6]],
  ['Stroud', 'Gloucestershire', 'GL', [5]],
  ['Cheltenham', 'Gloucestershire', 'GL', [50, 51, 52, 53]],
  ['Exeter', 'Devon', 'EX', [1, 2, 4]],
  ['Taunton', 'Somerset', 'TA', [1, 2]],
];

export const TITLES_FEMALE: readonly string[] = ['Ms', 'Mrs', 'Miss', 'Dr', 'Ms'];
export const TITLES_MALE: readonly string[] = ['Mr', 'Mr', 'Dr', 'Mr'];
export const OCCUPATIONS: readonly string[] = [
  'Teacher', 'Nurse', 'Retired', 'Student', 'Accountant', 'Carpenter', 'Software developer',
  'Shop manager', 'Gardener', 'Solicitor', 'Chef', 'Midwife', 'Musician', 'Farmer', 'Architect',
  'Social worker', 'Electrician', 'Pharmacist', 'Writer', 'Civil servant',
];

/** Postcode inward code letters exclude C, I, K, M, O and V. */
export const INWARD_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
