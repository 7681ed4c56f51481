/** Demo snippets for letters; merge fields are filled in when a letter is written. */
export const SNIPPETS: ReadonlyArray<readonly [name: string, body: string]> = [
  ['Greeting', '<p>Dear {patient.title|patient.first_name} {patient.last_name},</p>'],
  ['Thank you for your visit', '<p>Thank you for coming to see me at the clinic. It was good to meet you and to hear how you have been.</p>'],
  ['Your prescription', '<p>I enclose your herbal prescription. Please take it as written on the label, with a little water, and keep it in a cool, dark place.</p>'],
  ['Follow-up appointment', '<p>I would like to see you again in four weeks to review how you are getting on. Please call the clinic to book a time that suits you.</p>'],
  ['Dietary advice', '<p>Alongside your herbs, regular meals with plenty of vegetables, whole grains and water will help. Try to keep caffeine and alcohol to a minimum.</p>'],
  ['Sleep advice', '<p>A regular bedtime, a dark and cool bedroom, and no screens for an hour before sleep will support the herbs you are taking.</p>'],
  ['Letter to your GP', '<p>With your permission I have written to your GP, so that they know which herbs you are taking alongside your other medicines.</p>'],
  ['Sign-off', '<p>Kind regards,</p><p>{user.first_name} {user.last_name}<br>{company.company_name}</p>'],
];

/** Subjects of demo letters and the snippets each is made of. */
export const LETTERS: ReadonlyArray<readonly [subject: string, snippets: string[]]> = [
  ['Following your consultation', ['Greeting', 'Thank you for your visit', 'Your prescription', 'Follow-up appointment', 'Sign-off']],
  ['Your herbal prescription', ['Greeting', 'Your prescription', 'Dietary advice', 'Sign-off']],
  ['Support for better sleep', ['Greeting', 'Sleep advice', 'Follow-up appointment', 'Sign-off']],
  ['Information for your GP', ['Greeting', 'Letter to your GP', 'Sign-off']],
];
