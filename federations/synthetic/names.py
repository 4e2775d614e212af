"""Made-up names of people, clubs and cities in the federation's alphabets (pure)."""

from __future__ import annotations

import random

FIRST_NAMES = (
    "Ivan", "Pavel", "Sergey", "Dmitry", "Alexei", "Nikolai", "Olga", "Irina", "Natalia",
    "Elena", "Tatiana", "Mikhail", "Andrei", "Yulia", "Anna", "Maria", "Oleg", "Viktor",
    "Иван", "Пётр", "Сергей", "Дмитрий", "Алексей", "Николай", "Ольга", "Ирина", "Наталья",
    "Елена", "Татьяна", "Михаил", "Андрей", "Юлия", "Анна", "Мария", "Олег", "Фёдор",
    "Rashad", "Elchin", "Farid", "Aysel", "Leyla", "Nigar", "Tural", "Orkhan", "Günel",
    "Mehmet", "Ahmet", "Ayşe", "Fatma", "Emre", "Zeynep", "Burak", "Elif", "Kerem",
    "John", "Peter", "Laura", "Sophie", "Lars", "Anders", "Mette", "Karin", "Tomás",
)
LAST_NAMES = (
    "Ivanov", "Petrov", "Sidorov", "Smirnov", "Kuznetsov", "Popov", "Volkov", "Sokolov",
    "Lebedev", "Kozlov", "Novikov", "Morozov", "Orlov", "Zaitsev", "Pavlov", "Semyonov",
    "Иванов", "Петров", "Сидоров", "Смирнов", "Кузнецов", "Попов", "Волков", "Соколов",
    "Лебедев", "Козлов", "Новиков", "Морозов", "Орлов", "Зайцев", "Павлов", "Ёлкин",
    "Aliyev", "Mammadov", "Huseynov", "Hasanov", "Guliyev", "Ismayilov", "Rahimov",
    "Yılmaz", "Kaya", "Demir", "Şahin", "Çelik", "Yıldız", "Öztürk", "Aydın", "Arslan",
    "Hansen", "Jensen", "Nielsen", "Smith", "Brown", "Müller", "Schmidt", "García",
)
CITIES = (
    "Moscow", "Saint Petersburg", "Kazan", "Novosibirsk", "Yekaterinburg", "Baku", "Ganja",
    "Sumgait", "Istanbul", "Ankara", "Izmir", "Tbilisi", "Yerevan", "Almaty", "Minsk",
)
CLUB_WORDS = ("Backgammon", "Nardy", "Dice", "Gammon", "Doubles", "Board", "Cube", "Tavla")


def person(rng: random.Random) -> tuple[str, str]:
    """A first and a last name."""
    return rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)


def club_name(rng: random.Random, number: int) -> tuple[str, str]:
    """A club's name and its city."""
    city = rng.choice(CITIES)
    return f"{city} {rng.choice(CLUB_WORDS)} Club {number}", city
