/** Demo reference lists: conditions, symptoms, diseases (ICD-10), organs, specialisms, locations. */
export const CONDITIONS: readonly string[] = [
  'Anxiety', 'Insomnia', 'Low mood', 'Stress', 'Fatigue', 'Eczema', 'Psoriasis', 'Acne', 'Hay fever',
  'Asthma', 'Bronchitis', 'Common cold', 'Influenza', 'Sinusitis', 'Sore throat', 'Indigestion',
  'Irritable bowel syndrome', 'Constipation', 'Diarrhoea', 'Gastritis', 'Nausea', 'Hypertension',
  'Poor circulation', 'Premenstrual syndrome', 'Period pain', 'Menopausal symptoms', 'Cystitis',
  'Arthritis', 'Migraine', 'Tension headache', 'Enlarged prostate', 'Poor memory', 'Varicose veins',
];

export const SYMPTOMS: readonly string[] = [
  'Headache', 'Tiredness', 'Poor sleep', 'Cough', 'Sneezing', 'Nasal congestion', 'Sore throat',
  'Fever', 'Bloating', 'Flatulence', 'Heartburn', 'Nausea', 'Abdominal cramps', 'Loose stools',
  'Constipation', 'Itchy skin', 'Rash', 'Joint pain', 'Muscle tension', 'Palpitations', 'Hot flushes',
  'Night sweats', 'Irritability', 'Low mood', 'Poor concentration', 'Period pain',
  'Frequent urination', 'Cold hands and feet', 'Dizziness', 'Wheezing',
];

/**
 * Conditions and symptoms only one sex has: the demo gives them to patients of that sex alone
 * (a male patient with period pain was a demo clinic nobody believed).
 */
export const ONE_SEX_ONLY: Readonly<Record<string, 'Female' | 'Male'>> = {
  'Premenstrual syndrome': 'Female',
  'Period pain': 'Female',
  'Menopausal symptoms': 'Female',
  'Enlarged prostate': 'Male',
};

export const DISEASES: ReadonlyArray<readonly [name: string, icd10: string]> = [
  ['Essential hypertension', 'I10'],
  ['Type 2 diabetes mellitus', 'E11'],
  ['Asthma', 'J45'],
  ['Atopic dermatitis', 'L20'],
  ['Psoriasis', 'L40'],
  ['Acne vulgaris', 'L70.0'],
  ['Irritable bowel syndrome', 'K58'],
  ['Gastro-oesophageal reflux disease', 'K21'],
  ['Gastritis and duodenitis', 'K29'],
  ['Constipation', 'K59.0'],
  ['Migraine', 'G43'],
  ['Insomnia', 'G47.0'],
  ['Osteoarthritis', 'M19'],
  ['Rheumatoid arthritis', 'M06'],
  ['Gout', 'M10'],
  ['Hypothyroidism', 'E03'],
  ['Iron deficiency anaemia', 'D50'],
  ['Cystitis', 'N30'],
  ['Benign prostatic hyperplasia', 'N40'],
  ['Dysmenorrhoea', 'N94.6'],
  ['Menopausal and female climacteric states', 'N95.1'],
  ['Depressive episode', 'F32'],
  ['Generalised anxiety disorder', 'F41.1'],
  ['Acute nasopharyngitis (common cold)', 'J00'],
  ['Influenza, virus not identified', 'J11'],
  ['Acute bronchitis', 'J20'],
  ['Chronic sinusitis', 'J32'],
  ['Allergic rhinitis', 'J30'],
  ['Varicose veins of lower extremities', 'I83'],
  ['Chronic fatigue syndrome', 'G93.3'],
];

export const ORGANS: ReadonlyArray<readonly [name: string, system: string]> = [
  ['Heart', 'Cardiovascular'],
  ['Blood vessels', 'Cardiovascular'],
  ['Lungs', 'Respiratory'],
  ['Bronchi', 'Respiratory'],
  ['Sinuses', 'Respiratory'],
  ['Throat', 'Respiratory'],
  ['Stomach', 'Digestive'],
  ['Liver', 'Digestive'],
  ['Gallbladder', 'Digestive'],
  ['Small intestine', 'Digestive'],
  ['Large intestine', 'Digestive'],
  ['Pancreas', 'Endocrine'],
  ['Thyroid', 'Endocrine'],
  ['Adrenal glands', 'Endocrine'],
  ['Kidneys', 'Urinary'],
  ['Bladder', 'Urinary'],
  ['Skin', 'Integumentary'],
  ['Brain', 'Nervous'],
  ['Nerves', 'Nervous'],
  ['Uterus', 'Reproductive'],
  ['Ovaries', 'Reproductive'],
  ['Prostate', 'Reproductive'],
  ['Lymph nodes', 'Lymphatic'],
  ['Spleen', 'Lymphatic'],
  ['Joints', 'Musculoskeletal'],
  ['Muscles', 'Musculoskeletal'],
  ['Eyes', 'Sensory'],
];

export const SPECIALISMS: readonly string[] = [
  "Women's health", "Men's health", 'Paediatrics', 'Skin', 'Digestive health', 'Respiratory health',
  'Heart and circulation', 'Mental health and stress', 'Sleep', 'Muscles and joints', 'Immune health',
  'Fertility', 'Menopause', 'Older people', 'Allergies',
];

export const LOCATIONS: ReadonlyArray<{ name: string; line1: string; city: string; postcode: string; phone: string }> = [
  { name: 'Main clinic', line1: '12 High Street', city: 'Bath', postcode: 'BA1 1AB', phone: '01632 960001' },
  { name: 'Treatment room 2', line1: '12 High Street', city: 'Bath', postcode: 'BA1 1AB', phone: '01632 960002' },
  { name: 'Market Square clinic', line1: '3 Market Square', city: 'Frome', postcode: 'BA11 1AA', phone: '01632 960003' },
  { name: 'Home visits', line1: '', city: '', postcode: '', phone: '07700 900001' },
];

/** What some demo herbs are used for and act on (names from the lists above). */
export const HERB_USES: Readonly<Record<string, { conditions?: string[]; symptoms?: string[]; organs?: string[]; specialisms?: string[] }>> = {
  Yarrow: { conditions: ['Common cold', 'Influenza'], symptoms: ['Fever'], organs: ['Blood vessels', 'Uterus'] },
  'German chamomile': { conditions: ['Indigestion', 'Anxiety', 'Insomnia'], symptoms: ['Bloating', 'Irritability'], organs: ['Stomach'], specialisms: ['Paediatrics', 'Digestive health'] },
  Calendula: { conditions: ['Eczema'], symptoms: ['Rash'], organs: ['Skin', 'Lymph nodes'], specialisms: ['Skin'] },
  Echinacea: { conditions: ['Common cold', 'Influenza', 'Sore throat'], specialisms: ['Immune health'] },
  Dandelion: { conditions: ['Indigestion', 'Constipation'], organs: ['Liver', 'Gallbladder', 'Kidneys'] },
  'Milk thistle': { organs: ['Liver'], specialisms: ['Digestive health'] },
  Peppermint: { conditions: ['Irritable bowel syndrome', 'Indigestion'], symptoms: ['Flatulence', 'Abdominal cramps'], organs: ['Large intestine'], specialisms: ['Digestive health'] },
  'Lemon balm': { conditions: ['Anxiety', 'Indigestion'], symptoms: ['Poor sleep'], organs: ['Brain'], specialisms: ['Mental health and stress'] },
  Sage: { conditions: ['Sore throat', 'Menopausal symptoms'], symptoms: ['Hot flushes', 'Night sweats'], specialisms: ['Menopause'] },
  Thyme: { conditions: ['Bronchitis', 'Common cold'], symptoms: ['Cough'], organs: ['Lungs', 'Bronchi'], specialisms: ['Respiratory health'] },
  Valerian: { conditions: ['Insomnia', 'Anxiety'], symptoms: ['Poor sleep', 'Muscle tension'], organs: ['Nerves'], specialisms: ['Sleep'] },
  Passionflower: { conditions: ['Insomnia', 'Anxiety'], symptoms: ['Poor sleep'], specialisms: ['Sleep'] },
  Hawthorn: { conditions: ['Hypertension', 'Poor circulation'], symptoms: ['Palpitations'], organs: ['Heart', 'Blood vessels'], specialisms: ['Heart and circulation'] },
  Meadowsweet: { conditions: ['Gastritis', 'Indigestion'], symptoms: ['Heartburn'], organs: ['Stomach'] },
  Nettle: { conditions: ['Hay fever', 'Eczema'], symptoms: ['Sneezing', 'Itchy skin'], specialisms: ['Allergies'] },
  Ginger: { conditions: ['Nausea', 'Poor circulation'], symptoms: ['Nausea', 'Cold hands and feet'], organs: ['Stomach'] },
  Turmeric: { conditions: ['Arthritis'], symptoms: ['Joint pain'], organs: ['Joints', 'Liver'], specialisms: ['Muscles and joints'] },
  Liquorice: { conditions: ['Gastritis', 'Bronchitis'], symptoms: ['Cough', 'Heartburn'], organs: ['Adrenal glands', 'Stomach'] },
  Marshmallow: { conditions: ['Gastritis', 'Cystitis'], symptoms: ['Heartburn', 'Cough'], organs: ['Stomach', 'Bladder'] },
  Elder: { conditions: ['Common cold', 'Influenza', 'Sinusitis', 'Hay fever'], symptoms: ['Fever', 'Nasal congestion'], organs: ['Sinuses'] },
  'Chaste tree': { conditions: ['Premenstrual syndrome'], organs: ['Ovaries'], specialisms: ["Women's health", 'Fertility'] },
  'Cramp bark': { conditions: ['Period pain'], symptoms: ['Period pain', 'Muscle tension'], organs: ['Uterus', 'Muscles'], specialisms: ["Women's health"] },
  "St John's wort": { conditions: ['Low mood'], symptoms: ['Low mood'], organs: ['Nerves'], specialisms: ['Mental health and stress'] },
  Ashwagandha: { conditions: ['Stress', 'Fatigue'], symptoms: ['Tiredness'], organs: ['Adrenal glands'], specialisms: ['Mental health and stress'] },
  Ginkgo: { conditions: ['Poor memory', 'Poor circulation'], symptoms: ['Poor concentration', 'Dizziness'], organs: ['Brain', 'Blood vessels'], specialisms: ['Older people'] },
  Bearberry: { conditions: ['Cystitis'], symptoms: ['Frequent urination'], organs: ['Bladder', 'Kidneys'] },
  'Saw palmetto': { conditions: ['Enlarged prostate'], symptoms: ['Frequent urination'], organs: ['Prostate'], specialisms: ["Men's health"] },
  'Black cohosh': { conditions: ['Menopausal symptoms'], symptoms: ['Hot flushes'], specialisms: ['Menopause'] },
  Feverfew: { conditions: ['Migraine'], symptoms: ['Headache'], organs: ['Brain'] },
  Eyebright: { conditions: ['Hay fever', 'Sinusitis'], symptoms: ['Sneezing', 'Nasal congestion'], organs: ['Eyes', 'Sinuses'], specialisms: ['Allergies'] },
  'Horse chestnut': { conditions: ['Varicose veins'], organs: ['Blood vessels'], specialisms: ['Heart and circulation'] },
};
